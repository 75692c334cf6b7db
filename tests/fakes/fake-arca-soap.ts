import {
  childElements,
  escapeXml,
  findElement,
  localName,
  parseXml,
} from '../../src/server/features/invoicing/arca/arca-xml';

/**
 * SOAP 1.1 as ARCA's services write it, for the fake: a request read into a
 * plain tree (an element with children becomes an object, a repeated child an
 * array, a leaf its text) and answers and faults written back.
 */

export type XmlTree = string | { [name: string]: XmlTree | XmlTree[] };
export type XmlObject = { [name: string]: XmlTree | XmlTree[] };

export interface SoapRequest {
  operation: string;
  body: XmlObject;
}

export function readSoapRequest(xml: string): SoapRequest | null {
  let envelope: Element;
  try {
    envelope = parseXml(xml);
  } catch {
    return null;
  }
  const body = findElement(envelope, 'Body');
  const operation = body ? childElements(body)[0] : undefined;
  if (!operation) return null;
  const tree = toTree(operation);
  return { operation: localName(operation), body: typeof tree === 'string' ? {} : tree };
}

function toTree(element: Element): XmlTree {
  const children = childElements(element);
  if (children.length === 0) return (element.textContent ?? '').trim();
  const tree: XmlObject = {};
  for (const child of children) {
    const name = localName(child);
    const value = toTree(child);
    const existing = tree[name];
    if (existing === undefined) tree[name] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else tree[name] = [existing, value];
  }
  return tree;
}

/** A child object (the first, when repeated), or an empty one. */
export function part(tree: XmlTree | XmlTree[] | undefined, name: string): XmlObject {
  const value = items(typeof tree === 'object' && !Array.isArray(tree) ? tree[name] : undefined)[0];
  return typeof value === 'object' ? value : {};
}

/** A child's objects, one or several. */
export function items(value: XmlTree | XmlTree[] | undefined): XmlObject[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.filter((item): item is XmlObject => typeof item === 'object');
}

/** A leaf's text, or '' when absent. */
export function leaf(tree: XmlObject, name: string): string {
  const value = tree[name];
  return typeof value === 'string' ? value : '';
}

export type Answer = { [name: string]: AnswerValue };
export type AnswerValue = string | number | Answer | Answer[] | undefined;

function toXml(name: string, value: AnswerValue): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.map((item) => toXml(name, item)).join('');
  if (typeof value === 'object') {
    const inner = Object.entries(value)
      .map(([key, item]) => toXml(key, item))
      .join('');
    return `<${name}>${inner}</${name}>`;
  }
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

const ENVELOPE_OPEN =
  '<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>';
const ENVELOPE_CLOSE = '</soap:Body></soap:Envelope>';

/** WSFEv1's answer (.NET, default namespace on the response element). */
export function wsfeAnswer(operation: string, result: Answer): string {
  const inner = toXml(`${operation}Result`, result);
  return `${ENVELOPE_OPEN}<${operation}Response xmlns="http://ar.gov.afip.dif.FEV1/">${inner}</${operation}Response>${ENVELOPE_CLOSE}`;
}

/** WSAA's answer (Axis): the ticket as escaped text inside loginCmsReturn. */
export function wsaaAnswer(ticketXml: string): string {
  return `${ENVELOPE_OPEN}<loginCmsResponse xmlns="http://wsaa.view.sua.dvadac.desein.afip.gov"><loginCmsReturn>${escapeXml(ticketXml)}</loginCmsReturn></loginCmsResponse>${ENVELOPE_CLOSE}`;
}

/** A SOAP 1.1 fault as WSAA's Axis writes it (`ns1:` the Axis namespace), sent with HTTP 500. */
export function soapFault(code: string, message: string): string {
  return `${ENVELOPE_OPEN}<soap:Fault><faultcode xmlns:ns1="http://xml.apache.org/axis/">ns1:${escapeXml(code)}</faultcode><faultstring>${escapeXml(message)}</faultstring><detail/></soap:Fault>${ENVELOPE_CLOSE}`;
}
