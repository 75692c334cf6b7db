import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductDescription, productHtmlToText, sanitizeProductHtml } from './product-description';

const hostile =
  '<p onclick="alert(1)">Soft <strong>leather</strong></p><script>window.pwned = true</script>' +
  '<img src="x" onerror="window.pwned = true"><a href="javascript:alert(1)">link</a>' +
  '<iframe src="https://evil.example"></iframe><ul><li>Hand-stitched</li></ul>';

describe('product description', () => {
  it('keeps formatting but drops scripts, handlers, javascript: links and frames', () => {
    const safe = sanitizeProductHtml(hostile);
    expect(safe).toContain('<strong>leather</strong>');
    expect(safe).toContain('<li>Hand-stitched</li>');
    expect(safe).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
  });

  it('renders the sanitised HTML so nothing from product data runs', () => {
    const { container } = render(<ProductDescription html={hostile} />);
    expect(container.querySelector('script, iframe')).toBeNull();
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of element.attributes) expect(attribute.name).not.toMatch(/^on/);
    }
    expect(container).toHaveTextContent('Soft leather');
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('turns HTML into plain text for the meta description', () => {
    expect(productHtmlToText('<p>Soft <b>leather</b></p>\n<p>case</p>')).toBe('Soft leather case');
  });
});
