import { useEffect } from 'react';

/**
 * Gives a chart address its own document title and meta description (for tabs, history and
 * shared links) and puts back what was there when the address goes. null leaves both alone:
 * /chart itself is titled by the shell.
 */
export function useChartHead(head: { title: string; description: string } | null): void {
  const title = head?.title ?? null;
  const description = head?.description ?? null;
  useEffect(() => {
    if (title === null || description === null) return undefined;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const before = { title: document.title, description: meta?.content ?? null };
    document.title = title;
    if (meta) meta.content = description;
    // What was there before comes back only if nobody has titled the page since: the shell
    // titles the list it goes to, and a chart opened at its address had its own title before.
    return () => {
      if (document.title === title) document.title = before.title;
      if (meta && before.description !== null && meta.content === description) meta.content = before.description;
    };
  }, [title, description]);
}
