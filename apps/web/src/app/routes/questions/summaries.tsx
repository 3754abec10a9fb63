/** Placeholder of issue #11 (replaced by the feature's screen). */
function SummariesRoute() {
  return null;
}

export { SummariesRoute as Component };
