import { describe, expect, it } from 'vitest';
import { deferBootHtml, withoutComments } from './deferBoot.ts';

const LOADER = '<script>\n  (function () { /* loader */ })();\n</script>';

describe('deferBootHtml', () => {
  it('moves the entry script and the module preloads into the boot data before the loader', () => {
    const built = [
      '<html><head><title>t</title>',
      '<script type="module" crossorigin src="/assets/index-B6AMdzVG.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/__federation_shared_react-BpMINyei.js">',
      '<link rel="modulepreload" crossorigin href="/assets/__federation_shared_@satta/shared/data-CU8veQh_.js">',
      '</head><body><div id="root"></div>',
      LOADER,
      '</body></html>',
    ].join('\n');
    expect(deferBootHtml(built)).toBe(
      [
        '<html><head><title>t</title>',
        '</head><body><div id="root"></div>',
        '<script type="application/json" id="satta-boot">' +
          '{"entry":"/assets/index-B6AMdzVG.js","preload":["/assets/__federation_shared_react-BpMINyei.js","/assets/__federation_shared_@satta/shared/data-CU8veQh_.js"]}' +
          '</script>' +
          LOADER,
        '</body></html>',
      ].join('\n'),
    );
  });

  it('refuses a page without an entry script or without the loader in <body>', () => {
    expect(deferBootHtml(`<html><head></head><body>${LOADER}</body></html>`)).toBeNull();
    expect(deferBootHtml('<html><head><script type="module" crossorigin src="/a.js"></script></head><body></body></html>')).toBeNull();
  });
});

describe('withoutComments', () => {
  it("leaves out the page's comments and the line each stood on, but nothing else", () => {
    const page = [
      '<head>',
      '    <!-- why the face is declared here,',
      '         over two lines -->',
      '    <style>/* kept */ a { color: red; }</style>',
      '  </head><body><!-- x --><p>1 < 2</p>',
      '<script>/* kept too */ var a = 1;</script>',
    ].join('\n');
    expect(withoutComments(page)).toBe(
      [
        '<head>',
        '    <style>/* kept */ a { color: red; }</style>',
        '  </head><body><p>1 < 2</p>',
        '<script>/* kept too */ var a = 1;</script>',
      ].join('\n'),
    );
  });
});
