/** Placeholder of issue #11 (replaced by the feature's screen). */
function SummaryRoute() {
  return null;
}

export { SummaryRoute as Component };
