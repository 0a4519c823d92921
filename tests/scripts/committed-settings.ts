import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_SETTINGS_FILE,
  parseDeploySettings,
  type DeploySettings,
} from '../../scripts/lib/deploy-settings.ts';

const file = path.join(fileURLToPath(new URL('../../', import.meta.url)), DEFAULT_SETTINGS_FILE);

/** deploy.config.json as committed: the production settings the tests render the host configs from. */
export const committedSettings: DeploySettings = parseDeploySettings(readFileSync(file, 'utf8'), file);

/** A release id of the form the build writes. */
export const TEST_RELEASE = '20261126T072000Z-b8bc1df251c2';
