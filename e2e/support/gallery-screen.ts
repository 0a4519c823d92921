import type { Locator, Page } from '@playwright/test';

/** The gallery's box for trying a brand folder (tools/demo/browser/tryout.ts), by role and German name. */
export class TryoutScreen {
  constructor(readonly page: Page) {}

  get box(): Locator {
    return this.page.getByRole('region', { name: 'Ordner ausprobieren' });
  }

  get status(): Locator {
    return this.box.getByRole('status');
  }

  get resultHeading(): Locator {
    return this.box.getByRole('heading', { level: 3 });
  }

  /** The build's messages about one file ("brand.json") or the folder (null), under `title`. */
  messages(title: 'Probleme' | 'Hinweise', file: string | null): Locator {
    const group = this.box
      .getByRole('heading', { level: 4, name: title })
      .locator('xpath=following-sibling::div[1]')
      .getByRole('heading', { level: 5, name: file ?? 'Der Ordner', exact: true });
    return group.locator('xpath=following-sibling::ul[1]').getByRole('listitem');
  }

  preview(name: string): Locator {
    return this.box.getByTitle(`Vorschau aller Ansichten: ${name}`);
  }

  /** Picks a folder on disk with the folder input, as the keyboard reaches it. */
  async pickFolder(dir: string): Promise<void> {
    await this.box.getByLabel('Ordner wählen').setInputFiles(dir);
  }

  /** Picks a folder's files with the plain file input; the folder's name is then typed. */
  async pickFiles(files: string[]): Promise<void> {
    await this.box.getByLabel('Oder seine Dateien wählen').setInputFiles(files);
  }

  /**
   * Drops a folder on disk onto the box as a file manager does: through Chromium's own drag
   * and drop, so the page reads it as a folder entry (webkitGetAsEntry), which no DataTransfer
   * made by a script can hold.
   */
  async dropFolder(dir: string): Promise<void> {
    const box = await this.box.boundingBox();
    if (!box) throw new Error('the tryout box is not shown');
    const cdp = await this.page.context().newCDPSession(this.page);
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const data = { items: [], files: [dir], dragOperationsMask: 1 };
    for (const type of ['dragEnter', 'dragOver', 'drop'] as const) {
      await cdp.send('Input.dispatchDragEvent', { type, ...at, data });
    }
    await cdp.detach();
  }
}
