import { describe, expect, it } from 'vitest';
import { clearRenderedTexts, renderedBytes } from './render-cache.ts';
import { branch, leaf } from './tree.ts';

describe('the text of a whole node’s answer', () => {
  it('is rendered once per node and form, and again for a new version of the node', () => {
    clearRenderedTexts();
    let renders = 0;
    const render = (text: string) => () => {
      renders++;
      return text;
    };
    const node = branch(new Map([['a', leaf(1)]]));
    const first = renderedBytes(node, 'rest false', render('{"a":1}'));
    expect(renderedBytes(node, 'rest false', render('{"a":1}'))).toBe(first);
    expect(renderedBytes(node, 'rest true', render('{\n  "a": 1\n}')).toString()).toBe('{\n  "a": 1\n}');
    const next = branch(new Map([['a', leaf(2)]]));
    expect(renderedBytes(next, 'rest false', render('{"a":2}')).toString()).toBe('{"a":2}');
    expect(renders).toBe(3);
  });
});
