// A few lines of DOM building for the review widget (no framework: the widget is a small script of
// its own, loaded only after functional consent). Text always goes in as text nodes, never as HTML.

type Attrs = Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>;
type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Child | Child[])[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === "function") el.addEventListener(name.slice(2).toLowerCase(), value);
    else if (name === "class") el.className = String(value);
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) if (child !== null && child !== undefined && child !== false) el.append(child);
  return el;
}

export function replaceChildren(parent: Element, ...children: (Child | Child[])[]) {
  parent.replaceChildren(...children.flat().filter((c): c is Node | string => c !== null && c !== undefined && c !== false));
}
