// A matchMedia for a window `width` wide, so tests set the width antd's breakpoints read without
// resizing the page they run in: its lists answer `(min-width: N px)` / `(max-width: N px)`, and
// `resize` tells the lists whose answer changed, as a browser does.
export function matchMediaAt(initial: number) {
  let width = initial;
  const matches = (query: string) => {
    const min = /min-width:\s*(\d+)/.exec(query);
    const max = /max-width:\s*(\d+)/.exec(query);
    return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  };
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
