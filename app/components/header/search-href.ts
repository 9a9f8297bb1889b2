/** The results page of a search term (SPEC §7): `/search?q=…`. */
export const searchHref = (term: string) => `/search?${new URLSearchParams({ q: term })}`;
