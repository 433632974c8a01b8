// The persisted auth state: `{ user, isAuthenticated }` under `admin-auth-storage`,
// restored on load. The session itself lives in an HttpOnly cookie; this is only what the
// console remembers about who signed in, so a reload does not flash the login page.
import { STORAGE_KEYS } from "@/config";
import type { SessionUser } from "@contract";

/** The signed-in admin as this browser remembers it between visits. */
export interface AuthState {
  user: SessionUser | null;
  isAuthenticated: boolean;
}

const SIGNED_OUT: AuthState = { user: null, isAuthenticated: false };

type Listener = (state: AuthState) => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return typeof window !== "undefined" ? window.localStorage : null;
  } catch {
    return null; // storage disabled (privacy mode): the console still works for this tab
  }
}

function isSessionUser(value: unknown): value is SessionUser {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as SessionUser).publicKey === "string" &&
    typeof (value as SessionUser).isAdmin === "boolean"
  );
}

function read(): AuthState {
  const raw = storage()?.getItem(STORAGE_KEYS.auth);
  if (!raw) return SIGNED_OUT;
  try {
    const parsed = JSON.parse(raw) as Partial<AuthState>;
    if (parsed.isAuthenticated === true && isSessionUser(parsed.user)) {
      return { user: parsed.user, isAuthenticated: true };
    }
  } catch {
    // A corrupt entry is treated as signed out and overwritten on the next sign-in.
  }
  return SIGNED_OUT;
}

let current: AuthState = read();
// Bumped by every sign-out: an answer to a request that left before it belongs to the ended session
// and must not sign the admin back in (a session check in flight when a 410 ended the session).
let generation = 0;

function write(next: AuthState) {
  current = next;
  const store = storage();
  if (next.isAuthenticated) store?.setItem(STORAGE_KEYS.auth, JSON.stringify(next));
  else store?.setItem(STORAGE_KEYS.auth, JSON.stringify(SIGNED_OUT));
  listeners.forEach((listener) => listener(next));
}

export const authStore = {
  get: (): AuthState => current,
  /** Signing in stores the user with `isAdmin` added. */
  signIn: (user: Omit<SessionUser, "isAdmin">, isAdmin: boolean) => write({ user: { ...user, isAdmin }, isAuthenticated: true }),
  clear: () => {
    generation += 1;
    write(SIGNED_OUT);
  },
  /** Which sign-out era this is: compare before and after a request to see whether a sign-out came between. */
  generation: (): number => generation,
  /** Re-reads storage (another tab signed out, or a test changed it). */
  reload: () => {
    current = read();
    return current;
  },
  subscribe: (listener: Listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
