import { Form } from "react-router";
import type { SubscriptionView } from "../../../server/modules/autoship";
import { SelectField, TextField } from "../../components/form-field";
import { ChangeSection, SaveAndClearButtons } from "./action-form";

// The chosen substitute: another size of the same product, or any other food by its SKU, shipped
// when the usual item is out of stock at the warehouse serving the address on renewal day (instead
// of waiting up to 7 days for stock). The service checks that it is an item sold here.

export function SubstituteForm({ s, errors, open }: { s: SubscriptionView; errors: Record<string, string>; open: boolean }) {
  const sizes = s.variantChoices.filter((v) => v.id !== s.variantId);
  const sameProduct = s.substitute && sizes.some((v) => v.id === s.substitute!.variantId);
  return (
    <ChangeSection
      title={s.substitute ? `If out of stock, send: ${s.substitute.title}` : "If it is out of stock: choose a substitute"}
      testId="substitute"
      open={open}
    >
      <Form method="post" aria-label="Substitute" className="mt-2">
        <input type="hidden" name="subscriptionId" value={s.id} />
        <p className="text-sm">When this item is out of stock on your renewal day, we send the substitute instead of waiting for stock.</p>
        {sizes.length ? (
          <SelectField
            name="substituteVariantId"
            label="Another size or flavor of this product"
            placeholder="—"
            errors={errors}
            defaultValue={sameProduct ? String(s.substitute!.variantId) : ""}
            options={sizes.map((v) => ({ value: String(v.id), label: v.title }))}
          />
        ) : null}
        <TextField
          name="substituteSku"
          label="Or another product's SKU"
          hint="The SKU is on the product page, e.g. KC-D01-CHR-155LB."
          errors={errors}
          defaultValue={s.substitute && !sameProduct ? s.substitute.sku : ""}
          maxLength={40}
        />
        <SaveAndClearButtons
          save={{ intent: "set_substitute", label: "Save substitute" }}
          clear={s.substitute ? { intent: "clear_substitute", label: "No substitute" } : null}
        />
      </Form>
    </ChangeSection>
  );
}
