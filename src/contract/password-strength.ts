import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { installPasswordStrengthCheck, type PasswordStrength } from './password';

/**
 * The zxcvbn estimator with the language-independent dictionaries (common passwords, keyboard
 * layouts, names and words seen across languages). Importing this module installs it into the
 * password policy of ./password.ts. Large: the client imports it only with import().
 */
const zxcvbn = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

export function checkPasswordStrength(password: string): PasswordStrength {
  const { score, feedback } = zxcvbn.check(password);
  return { score, warning: feedback.warning, suggestions: feedback.suggestions };
}

installPasswordStrengthCheck(checkPasswordStrength);
