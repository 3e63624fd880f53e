<?xml version="1.0" encoding="UTF-8"?>
<!--
  A minimal ISO Schematron (queryBinding xslt2) to XSLT 2 compiler, enough for the KoSIT XRechnung rules
  (XRechnung-CII-validation.sch): ns, include of a pattern, global and rule lets, xsl:function, patterns of
  rules whose first matching rule fires per node, assert and report with name and value-of in the message.
  The generated stylesheet writes SVRL failed-assert / successful-report elements like the CEN XSLT.
  Not supported (not used by those rules): abstract patterns and rules, extends, diagnostics, phases
  (every pattern runs, as in the default phase).
-->
<xsl:stylesheet version="2.0"
  xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:axsl="http://www.w3.org/1999/XSL/TransformAlias"
  xmlns:sch="http://purl.oclc.org/dsdl/schematron"
  xmlns:svrl="http://purl.oclc.org/dsdl/svrl"
  exclude-result-prefixes="sch">
  <xsl:namespace-alias stylesheet-prefix="axsl" result-prefix="xsl"/>
  <xsl:output method="xml" indent="yes"/>

  <xsl:template match="/sch:schema">
    <xsl:variable name="patterns" select="sch:pattern | sch:include/document(@href, .)/sch:pattern"/>
    <axsl:stylesheet version="2.0">
      <xsl:copy-of select="namespace::*"/>
      <xsl:for-each select="sch:ns">
        <xsl:namespace name="{@prefix}" select="@uri"/>
      </xsl:for-each>
      <xsl:namespace name="xs" select="'http://www.w3.org/2001/XMLSchema'"/>
      <xsl:copy-of select="xsl:function"/>
      <xsl:for-each select="sch:let | $patterns/sch:let">
        <axsl:variable name="{@name}" select="{@value}"/>
      </xsl:for-each>
      <axsl:template match="/">
        <svrl:schematron-output>
          <xsl:for-each select="$patterns">
            <axsl:apply-templates select="/" mode="p{position()}"/>
          </xsl:for-each>
        </svrl:schematron-output>
      </axsl:template>
      <xsl:for-each select="$patterns">
        <xsl:variable name="mode" select="concat('p', position())"/>
        <xsl:for-each select="sch:rule">
          <axsl:template match="{@context}" mode="{$mode}" priority="{1000 - position()}">
            <xsl:for-each select="sch:let">
              <axsl:variable name="{@name}" select="{@value}"/>
            </xsl:for-each>
            <xsl:for-each select="sch:assert | sch:report">
              <axsl:if test="{if (self::sch:assert) then concat('not(', @test, ')') else @test}">
                <xsl:element name="{if (self::sch:assert) then 'svrl:failed-assert' else 'svrl:successful-report'}">
                  <xsl:attribute name="id" select="@id"/>
                  <xsl:attribute name="flag" select="(@flag, 'error')[1]"/>
                  <axsl:attribute name="location" select="path()"/>
                  <svrl:text><xsl:apply-templates select="node()" mode="text"/></svrl:text>
                </xsl:element>
              </axsl:if>
            </xsl:for-each>
            <axsl:apply-templates select="@*|node()" mode="{$mode}"/>
          </axsl:template>
        </xsl:for-each>
        <axsl:template match="@*|node()" mode="{$mode}" priority="-10">
          <axsl:apply-templates select="@*|node()" mode="{$mode}"/>
        </axsl:template>
        <axsl:template match="/" mode="{$mode}" priority="-5">
          <axsl:apply-templates select="node()" mode="{$mode}"/>
        </axsl:template>
      </xsl:for-each>
    </axsl:stylesheet>
  </xsl:template>

  <xsl:template match="sch:name" mode="text"><axsl:value-of select="name()"/></xsl:template>
  <xsl:template match="sch:value-of" mode="text"><axsl:value-of select="{@select}"/></xsl:template>
  <xsl:template match="text()" mode="text"><xsl:value-of select="normalize-space(.)"/><xsl:text> </xsl:text></xsl:template>
</xsl:stylesheet>
