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
