/**
 * The bytes of a whole node's answer (a REST read, a stream's first event), kept for the next client
 * that asks for the same node the same way, as UTF-8 already: written as they are to every socket. The tree is immutable, so a node's text never changes;
 * many clients streaming or reading the same large node (a page's results, a flood of them) cost one
 * rendering per version of the node instead of one each.
 *
 * Bounded by bytes: the least recently used texts go first once the total passes MAX_BYTES, and a text
 * larger than a quarter of it is never kept.
 */
import type { DbNode } from './tree.ts';

const MAX_BYTES = 32 * 1024 * 1024;

/** By node, then by how it was rendered (`key`); in order of use, the most recent last. */
const texts = new Map<object, Map<string, Buffer>>();
let total = 0;

const sizeOf = (bytes: Buffer): number => bytes.length;

export function renderedBytes(node: DbNode, key: string, render: () => string): Buffer {
  if (node === null) return Buffer.from(render());
  const forNode = texts.get(node);
  const kept = forNode?.get(key);
  if (forNode !== undefined && kept !== undefined) {
    // Most recently used: to the end.
    texts.delete(node);
    texts.set(node, forNode);
    return kept;
  }
  const text = Buffer.from(render());
  const size = sizeOf(text);
  if (size > MAX_BYTES / 4) return text;
  const entry = forNode ?? new Map<string, Buffer>();
  entry.set(key, text);
  texts.delete(node);
  texts.set(node, entry);
  total += size;
  for (const [oldest, variants] of texts) {
    if (total <= MAX_BYTES) break;
    texts.delete(oldest);
    for (const t of variants.values()) total -= sizeOf(t);
  }
  return text;
}

/** Forgets every kept text (tests). */
export function clearRenderedTexts(): void {
  texts.clear();
  total = 0;
}
