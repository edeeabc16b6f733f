import { z } from "zod";
import { isZipFormat, ZIP_FORMAT_MESSAGE } from "./zip";

// Apart from rules/shared/zip.ts, which the product page's ZIP form uses in the browser: zod is for the
// server's inputs and must not ride along into a storefront page's first-load JavaScript.

/** The one schema of a ZIP input (STYLE habit 1): the stock API's inputs. */
export const zipSchema = z.string({ error: ZIP_FORMAT_MESSAGE }).trim().refine(isZipFormat, ZIP_FORMAT_MESSAGE);
