import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNTIME_CONFIG, injectRuntimeConfig } from './runtime-config';

describe('the runtime config block', () => {
  it('goes before </head> and cannot be closed early by a value', () => {
    const html = injectRuntimeConfig('<html><head><title>x</title></head><body></body></html>', {
      ...DEFAULT_RUNTIME_CONFIG,
      store_id: '</script><script>alert(1)</script>',
    });
    expect(html).toMatch(/<script type="application\/json" id="vm-config">.*<\/script><\/head>/);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const json = /id="vm-config">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json).store_id).toBe('</script><script>alert(1)</script>');
  });

  it("keeps $&, $' and $` in a value as text", () => {
    const html = injectRuntimeConfig('<html><head></head><body></body></html>', {
      ...DEFAULT_RUNTIME_CONFIG,
      support: { ...DEFAULT_RUNTIME_CONFIG.support, whatsapp_display: "$& $' $`" },
    });
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<body>/g)).toHaveLength(1);
    const json = /id="vm-config">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json).support.whatsapp_display).toBe("$& $' $`");
  });
});
