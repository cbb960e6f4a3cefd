// Where the console shows a field-level error: the API names fields by their JSON path, and a form may have an input
// for a list or an object only ("filter.session_ids" for "filter.session_ids[1]").

/** The path itself, then each path that holds it: "a.b[1]", "a.b", "a". */
export function fieldAndParents(path) {
  const paths = [];
  for (let candidate = path; candidate; candidate = parent(candidate)) {
    paths.push(candidate);
  }
  return paths;
}

function parent(path) {
  const cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
  return cut > 0 ? path.slice(0, cut) : null;
}
