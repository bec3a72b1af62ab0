import { Alert } from '@mantine/core';

/** A red note per message, each titled `title`: what the plod's entries say wrong, never fixed. */
export function Warnings({
  messages,
  title,
  testId,
}: {
  messages: readonly string[];
  title: string;
  testId: string;
}) {
  return messages.map((message) => (
    <Alert key={message} color="red" variant="light" title={title} mb="md" data-testid={testId}>
      {message}
    </Alert>
  ));
}
