export async function seedDemo(..._args: unknown[]) {}
