// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { Footer } from '../../src/layout/Footer';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('footer', () => {
  it('shows the visitor’s current year, not the build’s', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-04T12:00:00Z'));
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('footer-year').textContent).toBe('2031');
    expect(screen.getByRole('contentinfo').textContent).toContain('© 2031 Bluestem Software');
  });

  it('prerenders the build year, which hydration then replaces', () => {
    const html = renderToString(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(html).toContain(`>${__BUILD_YEAR__}</span>`);
  });

  it('links to the terms and the privacy policy', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Terms & Conditions' }).getAttribute('href')).toBe(
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacypolicy',
    );
  });
});
