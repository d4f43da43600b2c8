declare module 'zipcodes' {
  export interface ZipCode {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export const codes: Record<string, ZipCode>;
  export function lookup(zip: string | number): ZipCode | undefined;
  export function lookupByName(city: string, state: string): ZipCode[];
  const zipcodes: {
    codes: Record<string, ZipCode>;
    lookup: typeof lookup;
    lookupByName: typeof lookupByName;
  };
  export default zipcodes;
}
