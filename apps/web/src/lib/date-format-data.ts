/**
 * Loads the browser's date-formatting data (ICU's locale and time-zone data) now. A page's first
 * `Intl.DateTimeFormat` pays for it, whatever its options: 93–207 ms at Lighthouse's 4× CPU
 * slowdown in Chromium here, every later formatter 0.3–24 ms (bench/README, issue #13). The entry
 * calls it before the first render of a signed-in load, where it lengthens a task that runs before
 * the first paint, instead of adding a long task of its own once the page shows and waits for its
 * data (Total Blocking Time counts only tasks after the first paint).
 */
export function loadDateFormatData(): void {
  new Intl.DateTimeFormat().format(0);
}
