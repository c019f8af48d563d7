// styled-components as bundlers present it: the CommonJS module's `default` is the default export.
import commonJs from 'styled-components';

export * from 'styled-components';
export default commonJs.default;
