import { DOMParser } from '@xmldom/xmldom';

/**
 * The little XML reading ARCA's messages need: the login ticket (WSAA answers
 * it as a string inside its SOAP answer) and, in the local fake, the SOAP
 * requests themselves. Elements are found by local name, so namespace
 * prefixes do not matter.
 */

export function parseXml(xml: string): Element {
  const problems: string[] = [];
  const document = new DOMParser({
    errorHandler: {
      warning: () => undefined,
      error: (message: string) => problems.push(message),
      fatalError: (message: string) => problems.push(message),
    },
  }).parseFromString(xml, 'text/xml');
  const root = document.documentElement;
  if (problems.length > 0 || !root) throw new Error('XML ilegible');
  return root;
}

export function childElements(parent: Element, name?: string): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType !== 1) continue;
    const element = node as Element;
    if (name === undefined || localName(element) === name) found.push(element);
  }
  return found;
}

export function child(parent: Element, name: string): Element | null {
  return childElements(parent, name)[0] ?? null;
}

/** The first element with that local name anywhere below `root` (or `root` itself). */
export function findElement(root: Element, name: string): Element | null {
  if (localName(root) === name) return root;
  for (const element of childElements(root)) {
    const found = findElement(element, name);
    if (found) return found;
  }
  return null;
}

/** The trimmed text of a child element, or null when it is absent. */
export function childText(parent: Element, name: string): string | null {
  const element = child(parent, name);
  return element ? (element.textContent ?? '').trim() : null;
}

export function localName(element: Element): string {
  return element.localName ?? element.nodeName.replace(/^.*:/, '');
}

/** Escapes text for an element's content or an attribute. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
