import { describe, expect, it } from 'vitest';
import { addStyledIds, styledComponentId, workspacePath } from './styledIds.mjs';

describe('styled-components ids from the file and the place in it', () => {
  it('names a component after its file and its index, the same on every call', () => {
    expect(styledComponentId('shared/ui/Panel.tsx', 0)).toBe('sc-0wgxeow');
    expect(styledComponentId('shared/ui/Panel.tsx', 1)).toBe('sc-1qt6fpx');
    expect(styledComponentId('mf-results/src/widgets/Clock.tsx', 0)).not.toBe('sc-0wgxeow');
  });

  it('adds a componentId to tags, wrapped components and .attrs chains, in order', () => {
    const code = ['const A = styled.div`a`;', 'const B = styled(A).attrs({ x: 1 })`b`;', 'const C = styled.span  `c`;'].join('\n');
    expect(addStyledIds(code, 'shared/ui/Panel.tsx')).toBe(
      [
        'const A = styled.div.withConfig({componentId:"sc-0wgxeow"})`a`;',
        'const B = styled(A).withConfig({componentId:"sc-1qt6fpx"}).attrs({ x: 1 })`b`;',
        'const C = styled.span.withConfig({componentId:"sc-1ney04c"})  `c`;',
      ].join('\n'),
    );
  });

  it('leaves other code alone, and code that already has ids', () => {
    expect(addStyledIds('const x = 1;', 'a.ts')).toBeUndefined();
    expect(addStyledIds('const a = theme.styled.div`x`; // styled.p in a comment', 'a.ts')).toBeUndefined();
    expect(addStyledIds('const A = styled.div.withConfig({componentId:"sc-0wgxeow"})`a`;', 'a.ts')).toBeUndefined();
  });

  it('uses forward slashes in the workspace path', () => {
    expect(workspacePath('/w/main', '/w/main/shared/ui/Panel.tsx')).toBe('shared/ui/Panel.tsx');
  });
});
