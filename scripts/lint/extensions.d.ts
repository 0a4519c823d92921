import type { Rule } from 'eslint';

/** The rule of eslint.config.js's local plugin; extensions.js is JavaScript because the config is. */
export declare const architecture: { rules: { extensions: Rule.RuleModule } };
