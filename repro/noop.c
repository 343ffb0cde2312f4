// SPDX-License-Identifier: GPL-2.0
/* The program execstorm runs: exits at once. */
int main(void)
{
	return 0;
}
