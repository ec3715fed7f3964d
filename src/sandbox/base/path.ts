/** Where the local Base chain's routes are mounted on the product's server. */
export const BASE_SANDBOX_PATH = '/sandbox/base';
