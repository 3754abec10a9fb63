/** Placeholder of issue #11 (replaced by the feature's screen). */
function GenerateRoute() {
  return null;
}

export { GenerateRoute as Component };
