/** Placeholder of issue #11 (replaced by the feature's screen). */
function SummariesNewRoute() {
  return null;
}

export { SummariesNewRoute as Component };
