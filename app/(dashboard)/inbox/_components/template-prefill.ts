/** A customer as the template composer knows them. */
export interface TemplateCustomer {
  name: string | null;
  phoneNumber: string;
}

/**
 * Values for a template's variables whose names say what they hold (`name`, `customer_name`,
 * `first_name`, `phone`…), taken from the customer; other variables are left for the agent.
 */
export function prefillVariables(variables: string[], customer: TemplateCustomer): Record<string, string> {
  const fullName = customer.name?.trim() ?? '';
  const byMeaning: Record<string, string> = {
    name: fullName,
    full_name: fullName,
    customer_name: fullName,
    contact_name: fullName,
    first_name: fullName.split(/\s+/)[0] ?? '',
    firstname: fullName.split(/\s+/)[0] ?? '',
    phone: customer.phoneNumber,
    phone_number: customer.phoneNumber,
  };
  return Object.fromEntries(variables.map((variable) => [variable, byMeaning[variable.toLowerCase()] ?? '']).filter(([, value]) => value));
}
