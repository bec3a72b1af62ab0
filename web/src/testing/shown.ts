/**
 * Every text the page's body shows from now on, in order: what a person could have seen, the
 * moments between two awaited checks included (a MutationObserver sees every change rendered).
 */
export function watchShownText(): { texts: string[]; stop: () => void } {
  const texts: string[] = [];
  const look = () => {
    const text = document.body.textContent ?? '';
    if (texts.at(-1) !== text) texts.push(text);
  };
  const observer = new MutationObserver(look);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  look();
  return { texts, stop: () => observer.disconnect() };
}
