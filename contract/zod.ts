// The contract's zod, the one every contract module imports. In a browser it runs jitless: zod's
// compiled parsers need eval, which the console's Content-Security-Policy forbids (script-src 'self'),
// and even zod's probe for eval is reported as a policy violation. The server keeps compiled parsers.
import { z } from "zod";

if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
