/** Product heading shown above the 'Resource Manager' subtitle (sidebar and sign-in card). */
export const PRODUCT_NAME = 'Platform Console';
