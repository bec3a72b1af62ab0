/** The listeners of something that changes: each is told the news until it unsubscribes. */
export interface Listeners<News extends unknown[]> {
  /** Adds a listener; returns its unsubscribe. */
  add: (listener: (...news: News) => void) => () => void;
  /** Calls every listener with the news. */
  tell: (...news: News) => void;
  clear: () => void;
}

export function listeners<News extends unknown[] = []>(): Listeners<News> {
  const all = new Set<(...news: News) => void>();
  return {
    add: (listener) => {
      all.add(listener);
      return () => all.delete(listener);
    },
    tell: (...news) => {
      for (const listener of all) listener(...news);
    },
    clear: () => all.clear(),
  };
}
