// @vitest-environment jsdom
import { afterEach, describe, expect, test } from 'vitest';
import { applyBrand } from '../../../../src/features/branding/apply-brand.ts';
import type { Brand } from '../../../../src/features/branding/brand.ts';

const brand: Brand = {
  service: 'cdap',
  name: 'CDAP',
  title: 'CDAP – Anmeldung',
  accentColor: '#0f766e',
  accentTextColor: '#ffffff',
  accentColorDark: '#1d7e76',
  themeColor: '#0f766e',
  logo: { src: 'assets/logo.svg', width: 120, height: 48 },
  favicon: 'assets/icon.svg',
  links: { impressum: 'https://cdap.example/impressum', datenschutz: 'https://cdap.example/datenschutz' },
};

const accents = () =>
  Object.fromEntries(
    ['--accent', '--accent-text', '--accent-dark', '--accent-text-dark'].map((name) => [
      name,
      document.documentElement.style.getPropertyValue(name),
    ]),
  );

afterEach(() => document.documentElement.removeAttribute('style'));

describe('applyBrand sets the accent of the service shown, for both schemes', () => {
  // All four every time: the baked brand's stylesheet may name a dark accent of its own, which
  // app.css would draw for the other service in dark mode.
  test.each<[string, Partial<Brand>, string, Record<string, string>]>([
    [
      "the brand's accent: its dark accent, with the light text where it has no dark one",
      {},
      '#0F766E',
      {
        '--accent': '#0F766E',
        '--accent-text': '#ffffff',
        '--accent-dark': '#1d7e76',
        '--accent-text-dark': '#ffffff',
      },
    ],
    [
      "the brand's accent with a dark text of its own",
      { accentColorDark: '#5eead4', accentTextColorDark: '#042f2e' },
      '#0f766e',
      {
        '--accent': '#0f766e',
        '--accent-text': '#ffffff',
        '--accent-dark': '#5eead4',
        '--accent-text-dark': '#042f2e',
      },
    ],
    [
      "the brand's accent without a dark one: the accent in both",
      { accentColorDark: undefined },
      '#0f766e',
      {
        '--accent': '#0f766e',
        '--accent-text': '#ffffff',
        '--accent-dark': '#0f766e',
        '--accent-text-dark': '#ffffff',
      },
    ],
    [
      "another accent from the config: it in both, not the brand's dark one",
      {},
      '#fbbf24',
      {
        '--accent': '#fbbf24',
        '--accent-text': '#111827',
        '--accent-dark': '#fbbf24',
        '--accent-text-dark': '#111827',
      },
    ],
  ])('%s', (_, changes, accentColor, expected) => {
    applyBrand({ ...brand, ...changes }, { key: 'cdap', name: 'CDAP', accentColor });
    expect(accents()).toEqual(expected);
  });
});
