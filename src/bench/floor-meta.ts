// Exists only for `npm run bench:nav`: the Floor's resource meta, which its query key carries (see section.tsx).
export const FLOOR_META = { label: "Floor" };
