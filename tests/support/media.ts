// jsdom has no media queries: a matchMedia whose lists answer by `matches(query)` and never change.
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
