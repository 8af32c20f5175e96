const environmentNames: Record<string, string> = {
  development: 'Development',
  uat: 'UAT',
  production: 'Production',
};

/** development Development, uat UAT, production Production; other values raw. */
export const environmentName = (environment: string): string => environmentNames[environment] ?? environment;
