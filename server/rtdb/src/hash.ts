/**
 * The node hash the Firebase client sends with a transaction's put (`h`): the write only applies when the
 * server's data still hashes the same, otherwise the server answers `datastale` and the client retries.
 * This must match the client's LeafNode.hash / ChildrenNode.hash byte for byte.
 */
import { createHash } from 'node:crypto';
import { comparePriorities, nameCompare, type Branch, type DbNode, type Priority } from './tree.ts';

const cache = new WeakMap<object, string>();

function sha1(text: string): string {
  return createHash('sha1').update(text, 'utf8').digest('base64');
}

/** IEEE 754 big-endian hex, as the client's doubleToIEEE754String. */
function doubleHex(v: number): string {
  const buf = Buffer.alloc(8);
  buf.writeDoubleBE(v);
  return buf.toString('hex');
}

function priorityText(priority: Priority): string {
  if (priority === null) return '';
  const typed = typeof priority === 'number' ? `number:${doubleHex(priority)}` : `string:${priority}`;
  return `priority:${typed}:`;
}

function childrenInPriorityOrder(node: Branch): string[] {
  return [...node.children.keys()].sort((a, b) => {
    const pa = node.children.get(a)?.priority ?? null;
    const pb = node.children.get(b)?.priority ?? null;
    return comparePriorities(pa, pb) || nameCompare(a, b);
  });
}

export function hashNode(node: DbNode): string {
  if (node === null) return '';
  const known = cache.get(node);
  if (known !== undefined) return known;
  let result: string;
  if (node.kind === 'leaf') {
    const type = typeof node.value;
    const text = type === 'number' ? doubleHex(node.value as number) : String(node.value);
    result = sha1(`${priorityText(node.priority)}${type}:${text}`);
  } else {
    let text = priorityText(node.priority);
    for (const key of childrenInPriorityOrder(node)) {
      const childHash = hashNode(node.children.get(key) ?? null);
      if (childHash !== '') text += `:${key}:${childHash}`;
    }
    result = text === '' ? '' : sha1(text);
  }
  cache.set(node, result);
  return result;
}
