// The console's addresses: fragments, so that the gateway serves one page; each id segment is escaped on its own.

export function userPath(userId, ...rest) {
  return ['/users', encodeURIComponent(userId), ...rest.map(encodeURIComponent)].join('/');
}

export function sessionPath(userId, sessionId) {
  return userPath(userId, 'sessions', sessionId);
}

export function go(path) {
  window.location.hash = `#${path}`;
}
