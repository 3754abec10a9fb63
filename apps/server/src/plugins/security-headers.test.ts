import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './security-headers.js';

describe('helmetHeaders', () => {
  it("is helmet's own header set for the options, computed once (issue #13)", () => {
    const headers = helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"] } },
      referrerPolicy: { policy: 'no-referrer' },
      strictTransportSecurity: { maxAge: 600, includeSubDomains: true },
    });
    expect(headers).toMatchObject({
      'content-security-policy': "default-src 'self';object-src 'none'",
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=600; includeSubDomains',
      'x-content-type-options': 'nosniff',
    });
    expect(Object.keys(headers).every((name) => name === name.toLowerCase())).toBe(true);
    expect(headers).not.toHaveProperty('x-powered-by');
  });

  it('leaves out what the options switch off', () => {
    expect(helmetHeaders({ strictTransportSecurity: false, contentSecurityPolicy: false })).not.toHaveProperty('strict-transport-security');
    expect(helmetHeaders({ contentSecurityPolicy: false })).not.toHaveProperty('content-security-policy');
  });

  it('refuses an invalid policy when the server starts, not per request', () => {
    expect(() => helmetHeaders({ contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ['self'] } } })).toThrow();
  });
});
