// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import type { Brand } from '../../../../src/features/branding/brand.ts';
import { BrandFrame } from '../../../../src/features/branding/brand-frame.tsx';
import { SPEC_TEXTS } from '../../../spec-texts.ts';

afterEach(cleanup);

const brand: Brand = {
  service: 'test-brand',
  name: 'Test Brand',
  title: 'Test Brand – Anmeldung',
  accentColor: '#0b5cad',
  accentTextColor: '#ffffff',
  themeColor: '#0b5cad',
  logo: { src: '/assets/logo-abc.svg', width: 200, height: 48 },
  favicon: '/assets/icon-abc.svg',
  links: { impressum: 'https://test.example/impressum', datenschutz: 'https://test.example/datenschutz' },
};

describe('BrandFrame', () => {
  test('shows the brand logo named by the brand, with its size reserved', () => {
    render(<BrandFrame brand={brand}>Inhalt</BrandFrame>);
    const logo = screen.getByRole('img', { name: 'Test Brand' });
    expect(logo).toHaveAttribute('src', '/assets/logo-abc.svg');
    expect(logo).toHaveAttribute('width', '200');
    expect(logo).toHaveAttribute('height', '48');
  });

  test('offers the dark logo when the system is dark and the brand has one', () => {
    const { container } = render(
      <BrandFrame
        brand={{ ...brand, logoDark: { src: '/assets/logo-dark-abc.svg', width: 200, height: 48 } }}
      >
        Inhalt
      </BrandFrame>,
    );
    const source = container.querySelector('picture source');
    expect(source).toHaveAttribute('srcset', '/assets/logo-dark-abc.svg');
    expect(source).toHaveAttribute('media', '(prefers-color-scheme: dark)');
  });

  test('has the footer links Impressum and Datenschutz with the brand targets', () => {
    render(<BrandFrame brand={brand}>Inhalt</BrandFrame>);
    const footer = screen.getByRole('contentinfo');
    expect(footer).toContainElement(screen.getByRole('link', { name: SPEC_TEXTS.imprint }));
    expect(screen.getByRole('link', { name: SPEC_TEXTS.imprint })).toHaveAttribute(
      'href',
      brand.links.impressum,
    );
    expect(screen.getByRole('link', { name: SPEC_TEXTS.privacy })).toHaveAttribute(
      'href',
      brand.links.datenschutz,
    );
  });

  test('without a brand shows neither logo nor links', () => {
    render(<BrandFrame brand={undefined}>Inhalt</BrandFrame>);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  test('puts the view into the main landmark', () => {
    render(<BrandFrame brand={brand}>Inhalt</BrandFrame>);
    expect(screen.getByRole('main')).toHaveTextContent('Inhalt');
  });
});
