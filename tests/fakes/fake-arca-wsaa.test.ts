import { describe, expect, it } from 'vitest';
import { buildLoginTicketRequest } from '../../src/server/features/invoicing/arca/login-ticket';
import { checkTicketRequest, WsaaFault } from './fake-arca-wsaa';

/** The fake WSAA refuses ticket requests as WSAA does: wrong times or an unknown service. */

const now = new Date('2026-12-02T15:00:00Z');
const faultOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof WsaaFault ? error.code : 'other';
  }
  return null;
};

describe('fake WSAA: ticket requests', () => {
  it('accepts a request for wsfe made now', () => {
    expect(checkTicketRequest(buildLoginTicketRequest('wsfe', now), now, ['wsfe'])).toBe('wsfe');
  });

  it('refuses a service it does not offer', () => {
    const request = buildLoginTicketRequest('ws_sr_padron_a5', now);
    expect(faultOf(() => checkTicketRequest(request, now, ['wsfe']))).toBe('wsn.unavailable');
  });

  it('refuses a request generated in its future', () => {
    const request = buildLoginTicketRequest('wsfe', new Date(now.getTime() + 30 * 60_000));
    expect(faultOf(() => checkTicketRequest(request, now, ['wsfe']))).toBe(
      'xml.generationTime.invalid',
    );
  });

  it('refuses a request that has already expired', () => {
    const request = buildLoginTicketRequest('wsfe', new Date(now.getTime() - 30 * 60_000));
    expect(faultOf(() => checkTicketRequest(request, now, ['wsfe']))).toBe(
      'xml.expirationTime.invalid',
    );
  });
});
