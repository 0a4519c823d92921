import type { Rule } from 'eslint';

/** The rules of eslint.config.js's local plugin; layers.js is JavaScript because the config is. */
export declare const architecture: {
  rules: { layers: Rule.RuleModule; extensions: Rule.RuleModule; 'product-apart': Rule.RuleModule };
};
