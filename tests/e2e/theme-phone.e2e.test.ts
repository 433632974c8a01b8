// The dark-mode sweep and visual regression guard at the phone's size (390×844): the desktop's and
// what both check are in tests/e2e/theme.e2e.test.ts; the sweep itself is support/theme-sweep.ts.
import { darkSweep } from "./support/theme-sweep.ts";

darkSweep("phone");
