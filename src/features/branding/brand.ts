/** A brand as the app sees it: the validated brand.json plus the hashed URLs of its logos. */
export interface Brand {
  service: string;
  name: string;
  title: string;
  accentColor: string;
  accentTextColor: string;
  /** The accent and its text in dark mode, where brand.json has them (else the light ones). */
  accentColorDark?: string;
  accentTextColorDark?: string;
  themeColor: string;
  backgroundColor?: string;
  logo: BrandImage;
  logoDark?: BrandImage;
  /** The brand's SVG icon, for switching the favicon at runtime. */
  favicon: string;
  links: { impressum: string; datenschutz: string };
}

export interface BrandImage {
  src: string;
  width: number;
  height: number;
}
