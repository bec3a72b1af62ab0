import { Card, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScreenHeader } from '../components/ScreenHeader';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} fz={20}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export default function PrivacyPolicy() {
  return (
    <>
      <ScreenHeader
        title="Privacy Policy"
        subtitle="Effective January 1, 2025 · Last updated July 14, 2025"
        backTo="/"
        backLabel="Back to Plods"
        withSync={false}
      />
      <Card>
        <Stack gap="xl">
          <Section title="Introduction">
            <Text>
              Plod is used by diamond drilling crews and their supervisors to record shift drill
              reports. This policy explains what information the app collects, how it is used and
              protected, and the choices you have. It applies to the app on phones, tablets and
              computers, including when it works offline.
            </Text>
          </Section>
          <Section title="Information We Collect">
            <List spacing="xs">
              <List.Item>
                Names and roles of crew members (driller, offsider, supervisor, trainee),
                certifications and experience.
              </List.Item>
              <List.Item>
                Shift reports: site, rig, dates, shift times, holes, runs, depths, timesheets,
                survey data, maintenance and hire tools.
              </List.Item>
              <List.Item>Supervisor account details (username and email address).</List.Item>
              <List.Item>
                Technical information: device and browser type, sync times and error logs.
              </List.Item>
            </List>
          </Section>
          <Section title="How We Use Your Information">
            <List spacing="xs">
              <List.Item>To record, sync and submit shift reports to management.</List.Item>
              <List.Item>
                To calculate metres drilled, hours worked and costs for invoicing and payroll.
              </List.Item>
              <List.Item>
                To meet safety, maintenance and regulatory reporting obligations.
              </List.Item>
              <List.Item>To keep the app working and secure, and to fix faults.</List.Item>
            </List>
          </Section>
          <Section title="Data Security">
            <Text>
              Data is encrypted in transit between your device and our servers. Reports kept on a
              device for offline work stay in that device&apos;s browser storage until they are
              synced. Access is role-based: crew devices join with an access code, and only
              supervisors can change sites, rigs, crew and tool records.
            </Text>
          </Section>
          <Section title="Information Sharing">
            <Text>
              We share report data only with your employer and the clients your employer reports to,
              with service providers who host the app under confidentiality obligations, and where
              the law requires it. We do not sell personal information.
            </Text>
          </Section>
          <Section title="Your Rights">
            <Text>
              You may ask to see the personal information we hold about you, ask us to correct it,
              and complain about how we have handled it. Contact us using the details below.
            </Text>
          </Section>
          <Section title="Data Retention">
            <List spacing="xs">
              <List.Item>Operational drilling records: 7 years.</List.Item>
              <List.Item>Safety and maintenance records: 10 years.</List.Item>
              <List.Item>
                Personal information of crew members: for the period of employment plus 2 years.
              </List.Item>
              <List.Item>System and access logs: 12 months.</List.Item>
            </List>
          </Section>
          <Section title="International Data Transfers">
            <Text>
              All data is stored and processed in Australia. We do not transfer personal information
              overseas.
            </Text>
          </Section>
          <Section title="Contact Us">
            <Text>
              For privacy questions, requests or complaints, contact your employer&apos;s privacy
              officer, or ask your site supervisor to pass your request on. We respond within 30
              days.
            </Text>
          </Section>
          <Section title="Changes to This Policy">
            <Text>
              We may update this policy. The date of the latest update is shown at the top of this
              page, and significant changes are announced in the app.
            </Text>
          </Section>
          <Section title="Australian Privacy Law">
            <Text>
              We handle personal information in accordance with the Privacy Act 1988 (Cth) and the
              Australian Privacy Principles. If you are not satisfied with our response to a
              complaint, you may contact the Office of the Australian Information Commissioner
              (OAIC).
            </Text>
          </Section>
        </Stack>
      </Card>
    </>
  );
}
