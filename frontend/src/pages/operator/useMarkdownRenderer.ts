import { useEffect, useState } from 'react';

type Render = (source: string) => string;

/** common/markdown.ts loaded on demand (the console's chunk only; public pages get server-rendered HTML). */
export function useMarkdownRenderer(): Render | null {
  const [render, setRender] = useState<Render | null>(null);
  useEffect(() => {
    let live = true;
    void import('../../../../common/markdown').then((module) => {
      if (live) setRender(() => module.renderMarkdown);
    });
    return () => {
      live = false;
    };
  }, []);
  return render;
}
