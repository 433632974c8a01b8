// A matchMedia whose lists answer by `matches(query)` and never change: tests set the width antd's
// breakpoints read without resizing the page they run in.
export function fakeMatchMedia(matches: (query: string) => boolean): (query: string) => MediaQueryList {
  return (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

/** Answers `(min-width: N px)` / `(max-width: N px)` for `width()`. */
export function widthMatches(width: () => number) {
  return (query: string) => {
    const min = /min-width:\s*(\d+)/.exec(query);
    const max = /max-width:\s*(\d+)/.exec(query);
    return (!min || width() >= Number(min[1])) && (!max || width() <= Number(max[1]));
  };
}

/**
 * A matchMedia for a window `width` wide that can be resized: `resize` tells the lists whose answer
 * changed, as a browser does.
 */
export function resizableMatchMedia(initial: number) {
  let width = initial;
  const matches = widthMatches(() => width);
  type Listener = (event: { matches: boolean; media: string }) => void;
  const watched: { query: string; was: boolean; listeners: Set<Listener> }[] = [];
  const matchMedia = (query: string) => {
    const entry = { query, was: matches(query), listeners: new Set<Listener>() };
    watched.push(entry);
    return {
      get matches() {
        return matches(query);
      },
      media: query,
      onchange: null,
      addListener: (listener: Listener) => entry.listeners.add(listener),
      removeListener: (listener: Listener) => entry.listeners.delete(listener),
      addEventListener: (_type: string, listener: Listener) => entry.listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => entry.listeners.delete(listener),
      dispatchEvent: () => false,
    } as unknown as MediaQueryList;
  };
  const resize = (next: number) => {
    width = next;
    for (const entry of watched) {
      if (matches(entry.query) === entry.was) continue;
      entry.was = !entry.was;
      for (const listener of [...entry.listeners]) listener({ matches: entry.was, media: entry.query });
    }
  };
  return { matchMedia, resize };
}
