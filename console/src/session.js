// The signed-in key lives in this tab's session storage only: never in a URL, gone when the tab closes.

const KEY = 'engram.console.key';
let caller = null;

export function currentKey() {
  return sessionStorage.getItem(KEY);
}

export function signIn(key) {
  sessionStorage.setItem(KEY, key);
}

export function signOut() {
  sessionStorage.removeItem(KEY);
  caller = null;
}

/** What GET /v1/me said of the key: project, key_id, scopes, authentication. */
export function currentCaller() {
  return caller;
}

export function rememberCaller(found) {
  caller = found;
}

export function may(scope) {
  return caller !== null && caller.scopes.includes(scope);
}
