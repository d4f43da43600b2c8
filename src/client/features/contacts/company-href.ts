/** A company's address on the company screen (/companies shows one company given its id). */
export const companyHref = (id: number) => `/companies?id=${id}`;
