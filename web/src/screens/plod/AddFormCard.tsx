import { Card, Stack, Title } from '@mantine/core';
import { FormButtons, type FormFrameProps } from '../../components/FormModal';

export type AddFormCardProps = FormFrameProps;

/** The inline add form of the list screens: fields, then Cancel and the add button. */
export function AddFormCard(props: AddFormCardProps) {
  return (
    <Card mb="md" component="section" aria-label={props.title}>
      <form onSubmit={props.onSubmit}>
        <Stack gap="md">
          <Title order={2} fz={20}>
            {props.title}
          </Title>
          {props.children}
          <FormButtons {...props} />
        </Stack>
      </form>
    </Card>
  );
}
