/** Placeholder of issue #11 (replaced by the feature's screen). */
function SummariesStep2Route() {
  return null;
}

export { SummariesStep2Route as Component };
